import { startOAuthProvider } from './oauth-provider';

/** The stand-in identity provider as a process, for the browser tests. */
const port = Number(process.env.OAUTH_PROVIDER_PORT ?? 2600);
const provider = await startOAuthProvider({
  port,
  clients: [{ clientId: 'ray-e2e', clientSecret: 'ray-e2e-secret' }],
});
process.stdout.write(`oauth provider on ${provider.url}\n`);
const stop = () => {
  void provider.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
