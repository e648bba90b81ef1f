import { z } from 'zod';
import { LLM_NOT_CONFIGURED } from '@kontor/contract';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';

export type LlmConfig = Config['llm'];
export type ChatMessage = { role: 'system' | 'user'; content: string };

/** A chat client that has what it needs to call the API. */
export type LlmClient = {
  model: string;
  /** Sends the messages and answers the assistant's JSON object, checked against `schema`. */
  completeJson: <T extends z.ZodType>(messages: ChatMessage[], schema: T) => Promise<z.output<T>>;
};

/** The part of a chat completions answer we read. */
const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** Translations should be faithful and repeatable, not creative. */
const TEMPERATURE = 0.2;

const upstreamError = (message: string) => new AppError('bad_gateway', message);

function describeHttpError(status: number): string {
  if (status === 401 || status === 403) return `The translation service refused the API key (HTTP ${status}). Check LLM_API_KEY.`;
  if (status === 404) return `The translation service has no chat completions API at LLM_BASE_URL, or does not know the model (HTTP 404).`;
  if (status === 429) return 'The translation service is rate limiting requests (HTTP 429). Try again in a moment.';
  return `The translation service answered HTTP ${status}.`;
}

/**
 * The client for the configured OpenAI-compatible chat API, or a 503 with the contract's message
 * when LLM_BASE_URL or LLM_API_KEY is not set. Every upstream failure (no connection, a timeout, an
 * HTTP error, an answer that is not the JSON object asked for) is a 502 with words for the operator.
 */
export function llmClient(config: LlmConfig): LlmClient {
  const { baseUrl, apiKey, model, timeoutMs } = config;
  if (!baseUrl || !apiKey) throw new AppError('service_unavailable', LLM_NOT_CONFIGURED);

  const completeJson = async <T extends z.ZodType>(messages: ChatMessage[], schema: T): Promise<z.output<T>> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    let raw: string;
    try {
      const response = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        signal: timeout,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ model, messages, temperature: TEMPERATURE, response_format: { type: 'json_object' } }),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw upstreamError(describeHttpError(response.status));
      }
      raw = await response.text();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (timeout.aborted) throw upstreamError(`The translation service did not answer within ${timeoutMs / 1000} s.`);
      throw upstreamError('Could not connect to the translation service. Check LLM_BASE_URL.');
    }

    let completion: z.infer<typeof ChatCompletion>;
    try {
      completion = ChatCompletion.parse(JSON.parse(raw));
    } catch {
      throw upstreamError('The translation service did not answer like a chat completions API.');
    }
    const content = completion.choices[0]!.message.content ?? '';
    let answer: unknown;
    try {
      answer = JSON.parse(content);
    } catch {
      throw upstreamError('The translation service did not answer with a JSON object.');
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw upstreamError('The translation service answered a JSON object without the description fields.');
    return parsed.data;
  };

  return { model, completeJson };
}
