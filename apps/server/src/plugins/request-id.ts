import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The names proxy-addr (Fastify's `trustProxy`) accepts for whole ranges, so TRUST_PROXY means one thing. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Short enough for every log line, and nothing that could break a header or forge a log field. */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether an address is one of TRUST_PROXY's addresses or ranges (CIDR, or the names above). */
export function trustedProxies(entries: string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(bits), family(address));
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return isIP(plain) !== 0 && list.check(plain, family(plain));
  };
}

/**
 * Fastify's request id: the `X-Request-Id` of a proxy that TRUST_PROXY trusts, so a request can be followed
 * from the proxy's log into ours; anyone else could choose ids to confuse the logs, so they get a new one.
 */
export function requestIdOptions(trustProxy: string[]) {
  const trusted = trustedProxies(trustProxy);
  return {
    requestIdHeader: false as const,
    genReqId: (request: IncomingMessage): string => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && ACCEPTED_ID.test(sent) && trusted(request.socket.remoteAddress)
        ? sent
        : randomUUID();
    },
  };
}

/** Every answer names its request id, refusals included, so a user's report can be found in the logs. */
async function requestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}

export const requestId = fp(requestIdHeader, { name: 'request-id' });
