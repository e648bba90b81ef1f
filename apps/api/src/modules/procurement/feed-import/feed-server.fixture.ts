import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the test server answers one path. */
export type FeedReply = {
  body?: string | Buffer;
  status?: number;
  contentType?: string;
  /** Send the headers and this many bytes of the body, then destroy the socket. */
  dropAfter?: number;
  /** Declare the full Content-Length (else the body goes chunked). */
  contentLength?: boolean;
  /** Send this many bytes, then wait until `release()` before sending the rest. */
  holdAfter?: number;
};

export type FeedServer = {
  url: (path: string) => string;
  set: (path: string, reply: FeedReply) => void;
  /** Lets held answers go on. */
  release: () => void;
  hits: (path: string) => number;
  close: () => Promise<void>;
};

/** A real HTTP server on 127.0.0.1 that serves feed files the way a test needs them. */
export async function startFeedServer(): Promise<FeedServer> {
  const replies = new Map<string, FeedReply>();
  const hits = new Map<string, number>();
  let release: () => void = () => undefined;
  let released = new Promise<void>((r) => (release = r));
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const reply = replies.get(path);
    if (!reply) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = Buffer.from(reply.body ?? '');
    const headers: Record<string, string | number> = { 'content-type': reply.contentType ?? 'text/plain; charset=utf-8' };
    if (reply.contentLength !== false) headers['content-length'] = body.length;
    res.writeHead(reply.status ?? 200, headers);
    if (reply.dropAfter !== undefined) {
      res.write(body.subarray(0, reply.dropAfter), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    if (reply.holdAfter !== undefined) {
      res.write(body.subarray(0, reply.holdAfter));
      void released.then(() => res.end(body.subarray(reply.holdAfter)));
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, reply) => replies.set(path, reply),
    release: () => {
      release();
      released = new Promise<void>((r) => (release = r));
    },
    hits: (path) => hits.get(path) ?? 0,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
