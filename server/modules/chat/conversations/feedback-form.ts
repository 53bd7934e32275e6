/**
 * Form bodies (application/x-www-form-urlencoded and multipart/form-data) as a plain object of
 * text fields, parsed by the platform's own Request/Response implementation. Only small text
 * forms come here (the route's body limit is 64 KB); file parts are ignored.
 */
import { errors } from '../../../http/app-error';

export async function parseForm(
  contentType: string,
  body: Buffer,
): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw errors.validation('The form data could not be read.');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  return fields;
}
