// The baseline: a raw node:http hello-world answering the same JSON as /healthz.
import http from 'node:http';
const port = Number(process.env.PORT);
const body = JSON.stringify({ status: 'ok' });
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(port, '127.0.0.1');
