import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next requests. */
export type ChatServerMode = 'ok' | 'http-500' | 'hang' | 'not-json' | 'missing-fields' | 'not-a-completion';

export type ChatRequest = {
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown; temperature?: number };
};

export type ChatServer = {
  /** The LLM_BASE_URL to configure (the fake serves `${baseUrl}/chat/completions`). */
  baseUrl: string;
  apiKey: string;
  model: string;
  requests: ChatRequest[];
  setMode: (mode: ChatServerMode) => void;
  /** The key the provider accepts from now on (another key than the app's: a revoked key). */
  acceptKey: (key: string) => void;
  close: () => Promise<void>;
};

const FIELDS = ['name', 'content', 'excerpt', 'meta_title', 'meta_keywords', 'meta_description'] as const;

/**
 * The copy the fake "writes", built from the prompt so a test can tell what it was asked:
 * a translation prefixes every non-empty source field with `[EN] ` (the target language);
 * a generation writes `<product name> (<language>)` and names the supplier data it was given.
 */
function answerFor(user: Record<string, unknown>): Record<string, string> {
  if (user.description && typeof user.description === 'object') {
    const source = user.description as Record<string, string>;
    const target = String(user.target_language);
    return Object.fromEntries(FIELDS.map((field) => [field, source[field] ? `[${target}] ${source[field]}` : '']));
  }
  const product = user.product as { sku: string; name: string };
  const language = String(user.language);
  const offers = (user.supplier_data as { supplier: string; name: string; category: string | null; description: string }[]) ?? [];
  const facts = offers.map((o) => `${o.supplier}: ${o.name} / ${o.category ?? '-'} / ${o.description}`).join('; ');
  return {
    name: `${product.name} (${language})`,
    content: `<p>${product.name} ${product.sku}. ${facts || 'No supplier data.'}</p>`,
    excerpt: `${product.name} in ${language}`,
    meta_title: `  ${product.name} | ${language}  `,
    meta_keywords: `${product.sku}, ${language}`,
    meta_description: `Buy ${product.name}`,
  };
}

/**
 * A real HTTP server on 127.0.0.1 that answers like an OpenAI-compatible chat completions API:
 * it checks the bearer key, the model and the JSON response format like a provider would, and can be
 * told to fail, hang (for timeouts) or answer nonsense.
 */
export async function startChatServer({ apiKey = 'test-llm-key', model = 'test-model' } = {}): Promise<ChatServer> {
  let mode: ChatServerMode = 'ok';
  let acceptedKey = apiKey;
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'Not found' } });
      let body: ChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(400, { error: { message: 'Invalid JSON body' } });
      }
      requests.push({ authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${acceptedKey}`) return json(401, { error: { message: 'Incorrect API key provided' } });
      if (body.model !== model) return json(404, { error: { message: `The model ${body.model} does not exist` } });
      if ((body.response_format as { type?: string } | undefined)?.type !== 'json_object') return json(400, { error: { message: 'json_object expected' } });
      if (mode === 'hang') return; // never answers; the client's timeout must end the call
      if (mode === 'http-500') return json(500, { error: { message: 'The server had an error' } });
      if (mode === 'not-a-completion') return json(200, { hello: 'world' });
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '{}';
      let content: string;
      if (mode === 'not-json') content = 'Sure! Here is your translation: Lampa -> Lamp';
      else if (mode === 'missing-fields') content = JSON.stringify({ translation: 'Lamp' });
      else content = JSON.stringify(answerFor(JSON.parse(user) as Record<string, unknown>));
      return json(200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    model,
    requests,
    setMode: (next) => {
      mode = next;
    },
    acceptKey: (key) => {
      acceptedKey = key;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
