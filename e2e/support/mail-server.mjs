// A local SMTP server for browser tests: it accepts every message and lists them over HTTP, so a test can
// follow the link in a password-reset e-mail exactly as a person would.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 2526);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, receivedAt: Date.now() });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to');
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(list));
  })
  .listen(httpPort, '127.0.0.1');
