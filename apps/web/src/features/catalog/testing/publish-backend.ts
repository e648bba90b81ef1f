import {
  PUBLISH_FILE_NAMES,
  PUBLISH_JOB,
  PublishBody,
  type JobResponse,
  type PublishAction,
  type PublishResult,
  type PublishValidationResponse,
} from '@kontor/contract';
import { http, HttpResponse } from 'msw';
import { createJobResponse } from '@/test/fixtures';
import { apiUrl } from '@/test/server';

export const createPublishJob = (overrides: Partial<JobResponse> = {}): JobResponse => createJobResponse(PUBLISH_JOB, overrides);

export const createValidation = (overrides: Partial<PublishValidationResponse> = {}): PublishValidationResponse => ({
  action: 'google_merchant',
  total: 0,
  publishable: 0,
  rejected: 0,
  problem_counts: {},
  problems: [],
  ...overrides,
});

export const exportUrlOf = (action: PublishAction) => `https://kontor.example/api/exports/tok123/${PUBLISH_FILE_NAMES[action]}`;

export const publishResult = (validation: PublishValidationResponse, synced: number): PublishResult => ({
  ...validation,
  urls: [exportUrlOf(validation.action)],
  synced,
});

type RecordedRequest = { method: string; path: string; body: unknown };

/**
 * The publish endpoints in memory. `validate` answers each validation body; a publish answers 202
 * with the next job of `jobs` (queued), and GET /jobs/{id}/ walks through `jobs` one answer per
 * call, the last one repeating, so a test sees the job run and finish without waiting on a clock.
 * `failNext` makes the next publish answer this instead. `requests` records every call.
 */
export function createPublishBackend({
  validate,
  jobs = [] as JobResponse[],
}: {
  validate: (body: PublishBody) => PublishValidationResponse;
  jobs?: JobResponse[];
}) {
  const state = {
    requests: [] as RecordedRequest[],
    failNext: null as { status: number; body?: unknown } | null,
    jobPolls: 0,
  };
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    state.requests.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/api/, ''), body });
    return body;
  };

  const handlers = [
    http.post(apiUrl('/catalog/products/publish/validate/'), async ({ request }) => {
      const parsed = PublishBody.safeParse(await record(request));
      if (!parsed.success) return HttpResponse.json({ action: ['Invalid.'] }, { status: 400 });
      return HttpResponse.json(validate(parsed.data));
    }),
    http.post(apiUrl('/catalog/products/publish/'), async ({ request }) => {
      const parsed = PublishBody.safeParse(await record(request));
      const failure = state.failNext;
      if (failure) {
        state.failNext = null;
        return HttpResponse.json(failure.body ?? null, { status: failure.status });
      }
      if (!parsed.success) return HttpResponse.json({ action: ['Invalid.'] }, { status: 400 });
      const first = jobs[0] ?? createPublishJob();
      return HttpResponse.json({ action: parsed.data.action, urls: [exportUrlOf(parsed.data.action)], job: { ...first, status: 'queued' } }, { status: 202 });
    }),
    http.get(apiUrl('/jobs/:id/'), async ({ request }) => {
      await record(request);
      const job = jobs[Math.min(state.jobPolls, jobs.length - 1)];
      state.jobPolls += 1;
      return job ? HttpResponse.json(job) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
  ];
  return { state, handlers };
}
