/**
 * An example value built from a JSON Schema, for /api-docs: a field's own `example` (a contract
 * field's `.meta({ example })`) wins, then its first allowed value, then a value fitting
 * its type, format, length and pattern, chosen by the field's name where one reads better ("email"
 * gets an address, "created_at" a timestamp). A whole schema may carry its own example instead.
 * The documentation test parses every example with its zod schema, so a rule the JSON Schema
 * cannot say (a refinement) is met by giving that field or schema its example.
 */
type Json = Record<string, unknown>;

const NOW = '2025-03-14T09:30:00.000Z';

/**
 * Strings tried for a field, by its path (`created_by.name`, `items.title`), first match first;
 * then plain words. The first one its length and pattern allow is taken.
 */
const BY_NAME: [RegExp, string[]][] = [
  [/_by\.name$|_by$|owner$|author$|sender$/i, ['Ada Lovelace']],
  [/email|mail_from|(^|\.)(to|cc)$|address$/i, ['ada.lovelace@example.com']],
  [/_at$|timestamp|date$/i, [NOW, '2025-03-14']],
  [/url|link|site|origin|href/i, ['https://docs.example.com/guide']],
  [/host/i, ['mail.example.com']],
  [/password|secret/i, ['Correct-Horse-42!']],
  [/username|login/i, ['ada.lovelace']],
  [/first_name/i, ['Ada']],
  [/last_name/i, ['Lovelace']],
  [/department_names?$|department$/i, ['Customer service']],
  [/role_name$/i, ['Support agent']],
  [/document_(name|title)$|file_?name$/i, ['returns-policy.pdf']],
  [/client_name$/i, ['Website help']],
  [/(^|\.)(chat_id|conversation_id|session_id|uuid)$/i, ['3f2b8c1e-9d4a-4e5b-8c6f-1a2b3c4d5e6f']],
  [/(^|\.)prefix$/i, ['atr_7kq2m9']],
  [/(^|\.)key$/i, ['atr_7kq2m9_Xc81vQpL0sd7HfZr2Wn4']],
  [/client_id$/i, ['wgt_5d1c9a']],
  [/answer$/i, ['The shop opens at 9:00, Monday to Saturday.']],
  [/name$|title$|label$/i, ['Customer service', 'Support']],
  [/query$|question$/i, ['What are the opening hours?']],
  [/color$|colour$/i, ['#2563eb']],
  [/lang$|locale$|lng$|language$/i, ['en']],
  [/content_type$|mime/i, ['application/pdf']],
  [/subject$/i, ['Your order 42']],
  [/country|location$/i, ['DE']],
  [/(^|\.)message$/i, ['The change was saved.']],
  [
    /description$|comments?$|note$|body$|text$|summary$|snippet$/i,
    ['Returns are accepted within 30 days.'],
  ],
  [/token$/i, ['eyJhbGciOiJIUzI1NiJ9.e30.signature']],
  [/sql$/i, ['SELECT region, SUM(amount) FROM sales GROUP BY region']],
];
const PLAIN = [
  'Example',
  'example',
  'example-1',
  'Example text.',
  '/example',
  'ada.lovelace@example.com',
  'https://docs.example.com/guide',
  'example.com',
  'a',
  '1',
];
const BY_FORMAT: Record<string, string> = {
  email: 'ada.lovelace@example.com',
  'date-time': NOW,
  date: '2025-03-14',
  uri: 'https://docs.example.com/guide',
  url: 'https://docs.example.com/guide',
  uuid: '3f2b8c1e-9d4a-4e5b-8c6f-1a2b3c4d5e6f',
};

function fits(value: string, schema: Json): boolean {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  if ([...value].length < min || [...value].length > max) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return new RegExp(schema.pattern, 'u').test(value);
  } catch {
    return new RegExp(schema.pattern).test(value);
  }
}

function stringExample(schema: Json, name: string): string {
  const format = typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
  const named = BY_NAME.filter(([test]) => test.test(name)).flatMap(([, values]) => values);
  const candidates = [format, ...named, ...PLAIN].filter((v): v is string => v !== undefined);
  const found = candidates.find((value) => fits(value, schema));
  if (found !== undefined) return found;
  // Long enough for its minimum, when no word fits.
  return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
}

function numberExample(schema: Json, name: string): number {
  const integer = schema.type === 'integer';
  // OpenAPI 3.0 says an exclusive minimum as `minimum` with `exclusiveMinimum: true`.
  const exclusive = schema.exclusiveMinimum;
  const minimum =
    typeof exclusive === 'number' ? exclusive : (schema.minimum as number | undefined);
  const step = exclusive === undefined || exclusive === false ? 0 : integer ? 1 : 0.5;
  const low = minimum === undefined ? (/id$/i.test(name) ? 1 : 0) : minimum + step;
  const high = (schema.maximum as number | undefined) ?? Infinity;
  const wanted = /(^|[._])port$/i.test(name)
    ? 5432
    : /id$|(^|\.)page$|count$|total$/i.test(name)
      ? 1
      : /size$|limit$|quota$/i.test(name)
        ? 20
        : 5;
  const value = Math.min(Math.max(wanted, low), high);
  return integer ? Math.ceil(value) : value;
}

/** An example of `schema`; `name` is the path of the property it describes, when it is one. */
export function exampleOf(schema: Json, name = ''): unknown {
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) {
    const chosen = options.find((o) => o.type !== 'null' && !(o.enum as unknown[])?.includes(null));
    return chosen ? exampleOf(chosen, name) : null;
  }
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...(schema.allOf as Json[]).map((part) => exampleOf(part, name)));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties))
        value[key] = exampleOf(property, name ? `${name}.${key}` : key);
      const extra = schema.additionalProperties;
      if (Object.keys(properties).length === 0 && extra && typeof extra === 'object')
        value[name ? `${name}_key` : 'key'] = exampleOf(extra as Json);
      return value;
    }
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const count = Math.max(1, (schema.minItems as number | undefined) ?? 1);
      return Array.from({ length: count }, () => exampleOf(items, name.replace(/s$/, '')));
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema, name);
    case 'boolean':
      // A flag left out is usually off; a switch that reads "on" says so in its name.
      return 'default' in schema ? schema.default : /status$|active$|enabled$|ok$/i.test(name);
    default:
      return 'default' in schema ? schema.default : schema.nullable ? null : {};
  }
}
