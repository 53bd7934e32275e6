/**
 * The report filters, also written to the address (so a reload or a shared link shows the same
 * report, on both report pages alike). Held in React state: two quick changes both stick, while
 * the router applies the address asynchronously. A change replaces the page's history entry
 * (typing a product list makes no trail of entries); an address that changes from outside —
 * back and forward, a link to the page — is read back into the filters.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isoDay, REPORT_DEFAULT_DAYS, SENTIMENTS } from '@contract/reports';
import type { ReportArgs, SentimentArgs } from './reports-api';

const CHANNELS = ['all', 'assistant', 'widget'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * `widget`: one widget's id, read with channel=widget only. `group`, `sentiment` and `products`
 * are the sentiment page's own.
 */
const KEYS = [
  'start',
  'end',
  'channel',
  'widget',
  'department',
  'group',
  'sentiment',
  'products',
] as const;
const GROUPINGS = ['day', 'week', 'month'] as const;
type Key = (typeof KEYS)[number];
type FilterValues = Partial<Record<Key, string>>;

function defaultRange(today = new Date()) {
  const end = isoDay(today);
  const start = isoDay(new Date(today.getTime() - (REPORT_DEFAULT_DAYS - 1) * 864e5));
  return { start, end };
}

const positive = (value?: string) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

function filtersOf(values: FilterValues): ReportArgs {
  const fallback = defaultRange();
  const picked = values.channel as ReportArgs['channel'] | undefined;
  const channel = picked && CHANNELS.includes(picked) ? picked : 'all';
  return {
    start_date: values.start && DAY.test(values.start) ? values.start : fallback.start,
    end_date: values.end && DAY.test(values.end) ? values.end : fallback.end,
    channel,
    department_id: positive(values.department),
    widget_id: channel === 'widget' ? positive(values.widget) : undefined,
  };
}

/** The sentiment page's filters (grouping, sentiment, products) of the address's values. */
function sentimentOf(values: FilterValues) {
  const group = GROUPINGS.find((g) => g === values.group) ?? 'day';
  const sentiment = SENTIMENTS.find((s) => s === values.sentiment);
  return {
    date_range: group,
    sentiment,
    products: values.products?.trim() || undefined,
  } satisfies Omit<SentimentArgs, keyof ReportArgs>;
}

const valuesOf = (params: URLSearchParams): FilterValues =>
  Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? undefined]));

const searchOf = (values: FilterValues) => {
  const next = new URLSearchParams();
  for (const key of KEYS) {
    const value = values[key];
    if (value) next.set(key, value);
  }
  return next;
};

export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState<FilterValues>(() => valuesOf(params));
  /** The queries this hook wrote that the address has not shown yet: any other came from outside. */
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const next = searchOf(values);
    pending.current.push(next.toString());
    setParams(next, { replace: true });
  }, [values, setParams]);
  const search = params.toString();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const mine = pending.current.indexOf(search);
    if (mine >= 0) {
      pending.current = pending.current.slice(mine + 1);
      return;
    }
    // Back, forward or a link to the page: the address wins.
    pending.current = [];
    setValues(valuesOf(new URLSearchParams(search)));
  }, [search]);
  const filters = useMemo(() => filtersOf(values), [values]);
  const sentimentFilters = useMemo(() => sentimentOf(values), [values]);
  /** Several filters at once (e.g. the channel and its widget); '' removes one. */
  const setFilters = (patch: FilterValues) => setValues((prev) => ({ ...prev, ...patch }));
  const setFilter = (key: Key, value: string) => setFilters({ [key]: value });
  return { filters, sentimentFilters, values, setFilter, setFilters };
}
