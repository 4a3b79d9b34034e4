// The load bench's ceiling (decision 092): a bare node:http server that answers each call of
// the mixed workload with the bytes the real instance answered it (REPLAY_ANSWERS: a JSON file of
// { "METHOD /path": { status, headers, body (base64) } }), after reading the request's body. No framework, no
// database, no authentication: what this machine's HTTP stack and the load generator cost for the same
// conversation. GET /__ready answers 200 once listening.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
const recorded = JSON.parse(readFileSync(process.env.REPLAY_ANSWERS, 'utf8'));
const answers = new Map(
  Object.entries(recorded).map(([call, a]) => {
    const body = Buffer.from(a.body, 'base64');
    return [call, { status: a.status, headers: { ...a.headers, 'content-length': body.length }, body }];
  }),
);
const notFound = Buffer.from('{"success":false,"error":"Not found"}');

http
  .createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      if (req.url === '/__ready') return res.writeHead(200).end();
      const answer = answers.get(`${req.method} ${req.url.split('?', 1)[0]}`);
      if (!answer) return res.writeHead(404, { 'content-length': notFound.length }).end(notFound);
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  })
  .listen(port, '127.0.0.1');
