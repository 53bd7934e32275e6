/**
 * MSW handlers built on contract/ (DESIGN "Tests"): the path is the endpoint's pattern from
 * apiRoutes, the request body is read with the endpoint's contract schema and the answer is
 * checked against the contract's answer schema before it goes out. A body the contract refuses
 * is answered 400 as the server would; either mismatch is also recorded, and setup.ts fails the
 * test that caused it, so a fake can never drift from the API it stands for.
 */
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { apiRoutes, type ApiRoute } from '@contract/api-paths';
import { apiUrl, errorResponse } from './handlers';

type Method = 'get' | 'post' | 'put' | 'delete';

const violations: string[] = [];

/** What broke the contract since the last call (setup.ts checks after every test). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

interface ContractRequest<B> {
  body: B;
  params: Record<string, string>;
  url: URL;
  request: Request;
}

export function contractHandler<A extends z.ZodType, B extends z.ZodType | undefined = undefined>(
  method: Method,
  route: ApiRoute,
  schemas: { answer: A; body?: B; status?: number },
  resolve: (
    input: ContractRequest<B extends z.ZodType ? z.infer<B> : undefined>,
  ) => z.input<A> | Response | Promise<z.input<A> | Response>,
) {
  const name = `${method.toUpperCase()} ${apiRoutes[route]}`;
  return http[method](apiUrl(apiRoutes[route]), async ({ request, params }) => {
    let body: unknown;
    if (schemas.body) {
      const sent: unknown = await request
        .clone()
        .json()
        .catch(() => undefined);
      const parsed = schemas.body.safeParse(sent);
      if (!parsed.success) {
        violations.push(`${name}: the request body breaks the contract: ${parsed.error.message}`);
        return errorResponse(400, 'VALIDATION_ERROR', 'The request does not match the contract.');
      }
      body = parsed.data;
    }
    const out = await resolve({
      body: body as B extends z.ZodType ? z.infer<B> : undefined,
      params: params as Record<string, string>,
      url: new URL(request.url),
      request,
    });
    if (out instanceof Response) return out;
    const answer = schemas.answer.safeParse(out);
    if (!answer.success) {
      violations.push(`${name}: the fake's answer breaks the contract: ${answer.error.message}`);
      return errorResponse(500, 'INTERNAL_ERROR', 'The fake answered outside the contract.');
    }
    return HttpResponse.json(answer.data as Parameters<typeof HttpResponse.json>[0], {
      status: schemas.status ?? 200,
    });
  });
}
