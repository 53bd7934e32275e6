/**
 * Every operation of /api-docs shows an example request body and success answer, and each one
 * is one its route accepts or may send: it parses with the route's own zod schema, so an
 * example cannot drift from the contract.
 */
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorBodySchema } from '../../contract/errors';
import {
  declaredRoutes,
  operationOf,
  readDocument,
  successAnswer,
} from '../test-support/declared-routes';
import { describeApi } from '../test-support/test-app';
import { errorAnswer } from './route-docs';

const issues = (result: z.ZodSafeParseResult<unknown>) =>
  result.success
    ? undefined
    : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

describeApi('examples in the live API documentation', (t) => {
  it('when the document is read, then each JSON body, success answer and path parameter has an example its zod schema parses', async () => {
    const doc = await readDocument(t);
    const problems: string[] = [];
    let bodies = 0;
    let answers = 0;
    for (const route of await declaredRoutes()) {
      const key = `${route.method} ${route.url}`;
      const op = operationOf(doc, route);
      const body = route.schema.body as z.ZodType | undefined;
      if (body && !route.schema.multipart) {
        bodies += 1;
        const media = op.requestBody?.content['application/json'];
        if (!media || !('example' in media)) problems.push(`${key}: no request example`);
        else {
          const wrong = issues(body.safeParse(media.example));
          if (wrong) problems.push(`${key} request: ${wrong} in ${JSON.stringify(media.example)}`);
        }
      }
      const answer = successAnswer(route);
      if (answer?.json) {
        answers += 1;
        const media = op.responses[String(answer.status)]?.content?.['application/json'];
        if (!media || !('example' in media)) problems.push(`${key}: no answer example`);
        else {
          const wrong = issues(answer.json.safeParse(media.example));
          if (wrong) problems.push(`${key} answer: ${wrong} in ${JSON.stringify(media.example)}`);
        }
      }
      const params = route.schema.params as z.ZodType | undefined;
      if (params) {
        const given = (op.parameters ?? []).filter((p) => p.in === 'path');
        const values = Object.fromEntries(
          given.map((p) => [p.name, String(p.example ?? p.schema?.example)]),
        );
        const wrong = issues(params.safeParse(values));
        if (wrong) problems.push(`${key} path: ${wrong} in ${JSON.stringify(values)}`);
      }
    }
    const error = errorAnswer.content['application/json'];
    expect(issues(apiErrorBodySchema.safeParse(error.example))).toBeUndefined();
    expect(problems).toEqual([]);
    expect(bodies).toBeGreaterThan(50);
    expect(answers).toBeGreaterThan(100);
  });
});
