/**
 * The report filters, also written to the address (so a reload or a shared link shows the same
 * report). Held in React state: two quick changes both stick, while the router applies the
 * address asynchronously.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isoDay, REPORT_DEFAULT_DAYS } from '@contract/reports';
import type { ReportArgs } from './reports-api';

const CHANNELS = ['all', 'assistant', 'widget'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `widget`: one widget's id, read with channel=widget only. */
const KEYS = ['start', 'end', 'channel', 'widget', 'department'] as const;
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

export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState<FilterValues>(() =>
    Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? undefined])),
  );
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value) next.set(key, value);
    setParams(next, { replace: true });
  }, [values, setParams]);
  const filters = useMemo(() => filtersOf(values), [values]);
  /** Several filters at once (e.g. the channel and its widget); '' removes one. */
  const setFilters = (patch: FilterValues) => setValues((prev) => ({ ...prev, ...patch }));
  const setFilter = (key: Key, value: string) => setFilters({ [key]: value });
  return { filters, setFilter, setFilters };
}
