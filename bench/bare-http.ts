/** The floor of the framework-cost ratio: a bare node:http server answering {"ok":true}, in its own process. */
import http from 'node:http';

const port = Number(process.argv[2] ?? '0');
const body = JSON.stringify({ ok: true });

const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
