/**
 * Component-test helpers for the chat widget screens: an in-memory `/service-agent` API built on
 * contract/ (contractHandler checks every body and answer against the schemas). Tests only.
 */
import { configure } from '@testing-library/react';
import type { Department } from '@contract/identity';
import type { Paged } from '@contract/paging';
import {
  serviceAgentHistoryPageSchema,
  serviceAgentInputSchema,
  serviceAgentPageSchema,
  serviceAgentSchema,
  serviceAgentUpdateSchema,
  type ServiceAgent,
  type ServiceAgentConversation,
} from '@contract/service-agent';
import { messageResponseSchema } from '@contract/auth';
import { http, HttpResponse } from 'msw';
import { apiPaths } from '@contract/api-paths';
import { contractHandler } from '@/test/contract-handler';
import { apiUrl, errorResponse } from '@/test/handlers';

// Lazy page, session check and list calls chain up; a loaded 2-core machine can outlast 5 s.
configure({ asyncUtilTimeout: 15_000 });

const DEPARTMENTS = [
  { id: 1, name: 'General' },
  { id: 2, name: 'Support' },
];

const STAMP = '2025-05-06T08:00:00Z';
const ADA = { id: 7, name: 'Ada Lovelace' };

export function serviceAgentFixture(
  id: number,
  overrides: Partial<ServiceAgent> = {},
): ServiceAgent {
  return {
    id,
    client_id: `key${String(id).padStart(3, '0')}AbCdEfGhIjKlMnOpQrStUvWx`,
    client_name: `Widget ${id}`,
    fg_color: '#ffffff',
    bg_color: '#321fdb',
    target_areas: [1],
    target_area_names: ['General'],
    allowed_hosts: ['shop.example.com'],
    status: true,
    welcome_message: 'Hello! How can I help you today?',
    daily_message_quota: 1000,
    messages_today: 0,
    created_by: ADA,
    updated_by: ADA,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  };
}

interface ServiceAgentFake {
  widgets: ServiceAgent[];
  conversations: Record<string, ServiceAgentConversation[]>;
  requests: { method: string; path: string; body?: unknown }[];
  handlers: ReturnType<typeof contractHandler>[];
  /** GET /departments?type=all, for a default administrator's area choices. */
  departments: ReturnType<typeof http.get>;
}

export function createServiceAgentFake(widgets: ServiceAgent[] = []): ServiceAgentFake {
  const fake: ServiceAgentFake = {
    widgets: [...widgets],
    conversations: {},
    requests: [],
    handlers: [],
    departments: http.get(apiUrl(apiPaths.departments), () =>
      HttpResponse.json<Paged<Department>>({
        items: DEPARTMENTS.map((d) => ({
          ...d,
          description: '',
          user_count: 0,
          role_count: 0,
          created_at: STAMP,
          updated_at: STAMP,
        })),
        total: DEPARTMENTS.length,
        page: 1,
        size: 100,
      }),
    ),
  };
  const find = (ref: string) =>
    fake.widgets.find((w) => String(w.id) === ref || w.client_id === ref);
  const record = (request: Request, body?: unknown) => {
    const url = new URL(request.url);
    fake.requests.push({ method: request.method, path: url.pathname + url.search, body });
  };
  const notFound = () =>
    errorResponse(404, 'NOT_FOUND', 'No such chat widget in your departments.');
  const namesOf = (ids: number[]) =>
    ids.map((id) => DEPARTMENTS.find((d) => d.id === id)?.name ?? String(id));

  fake.handlers = [
    contractHandler(
      'get',
      'serviceAgents',
      { answer: serviceAgentPageSchema },
      ({ url, request }) => {
        record(request);
        const page = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('size') ?? 5);
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const all = fake.widgets.filter(
          (w) => !search || w.client_name.toLowerCase().includes(search) || w.client_id === search,
        );
        return { items: all.slice((page - 1) * size, page * size), total: all.length, page, size };
      },
    ),
    contractHandler(
      'post',
      'serviceAgents',
      { answer: serviceAgentSchema, body: serviceAgentInputSchema, status: 201 },
      ({ body, request }) => {
        record(request, body);
        const id = Math.max(0, ...fake.widgets.map((w) => w.id)) + 1;
        const created = serviceAgentFixture(id, {
          ...body,
          target_area_names: namesOf(body.target_areas),
        });
        fake.widgets.push(created);
        return created;
      },
    ),
    contractHandler(
      'get',
      'serviceAgent',
      { answer: serviceAgentSchema },
      ({ params, request }) => {
        record(request);
        return find(params.id) ?? notFound();
      },
    ),
    contractHandler(
      'put',
      'serviceAgent',
      { answer: serviceAgentSchema, body: serviceAgentUpdateSchema },
      ({ params, body, request }) => {
        record(request, body);
        const widget = find(params.id);
        if (!widget) return notFound();
        Object.assign(widget, body, {
          ...(body.target_areas ? { target_area_names: namesOf(body.target_areas) } : {}),
          updated_at: new Date().toISOString(),
        });
        return widget;
      },
    ),
    contractHandler(
      'delete',
      'serviceAgent',
      { answer: messageResponseSchema },
      ({ params, request }) => {
        record(request);
        const widget = find(params.id);
        if (!widget) return notFound();
        fake.widgets = fake.widgets.filter((w) => w !== widget);
        return { message: 'The chat widget was deleted.' };
      },
    ),
    contractHandler(
      'get',
      'serviceAgentHistory',
      { answer: serviceAgentHistoryPageSchema },
      ({ params, url, request }) => {
        record(request);
        const items = fake.conversations[params.client_id] ?? [];
        const page = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('size') ?? 100);
        return {
          items: items.slice((page - 1) * size, page * size),
          total: items.length,
          page,
          size,
        };
      },
    ),
  ];
  return fake;
}
