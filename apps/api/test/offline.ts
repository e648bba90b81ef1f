import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';

const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

const offline = (what: string) =>
  Object.assign(new Error(`${what}: this test process keeps off the network (test/offline.ts)`), { code: 'ENOTFOUND', errno: -3008, syscall: 'getaddrinfo' });

type ConnectArgs = [options: unknown, ...rest: unknown[]];
const targetOf = (args: ConnectArgs): { host: string; path?: string } => {
  const [first, second] = args;
  if (first && typeof first === 'object') {
    const o = first as { host?: string; path?: string; servername?: string };
    return { host: o.host ?? 'localhost', ...(o.path ? { path: o.path } : {}) };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { host: 'localhost', path: first }; // a Unix socket path
  return { host: typeof second === 'string' ? second : 'localhost' };
};

/**
 * Until the returned function is called, nothing in this process resolves a name or opens a TCP
 * or TLS connection beyond this machine: DNS answers ENOTFOUND at once for any name but localhost,
 * and a connection to any other address fails as refused. For tests that send URLs they did not
 * choose (the fuzzer) into code that fetches them (feed imports, storefront sync, image URLs):
 * whatever those code paths use (fetch, undici, http), they reach only servers the test started.
 */
export function keepOffline(): () => void {
  const real = { lookup: dns.lookup, netConnect: net.connect, netCreateConnection: net.createConnection, tlsConnect: tls.connect };

  dns.lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    if (LOCAL_HOSTS.has(hostname)) return (real.lookup as (...a: unknown[]) => void)(hostname, options, callback);
    const done = (typeof options === 'function' ? options : callback) as (err: Error) => void;
    process.nextTick(() => done(offline(`getaddrinfo ENOTFOUND ${hostname}`)));
    return {} as never;
  }) as typeof dns.lookup;

  const guard = <T extends (...args: never[]) => net.Socket>(connect: T): T =>
    ((...args: ConnectArgs) => {
      const { host, path } = targetOf(args);
      if (path || LOCAL_HOSTS.has(host)) return (connect as unknown as (...a: ConnectArgs) => net.Socket)(...args);
      const socket = new net.Socket();
      process.nextTick(() => socket.destroy(Object.assign(offline(`connect ECONNREFUSED ${host}`), { code: 'ECONNREFUSED' })));
      return socket;
    }) as unknown as T;
  net.connect = guard(real.netConnect);
  net.createConnection = guard(real.netCreateConnection);
  tls.connect = guard(real.tlsConnect as unknown as (...args: never[]) => net.Socket) as unknown as typeof tls.connect;

  return () => {
    dns.lookup = real.lookup;
    net.connect = real.netConnect;
    net.createConnection = real.netCreateConnection;
    tls.connect = real.tlsConnect;
  };
}
