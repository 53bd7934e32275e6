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
type Key = 'start' | 'end' | 'channel' | 'department';

export function defaultRange(today = new Date()) {
  const end = isoDay(today);
  const start = isoDay(new Date(today.getTime() - (REPORT_DEFAULT_DAYS - 1) * 864e5));
  return { start, end };
}

function filtersOf(values: Partial<Record<Key, string>>): ReportArgs {
  const fallback = defaultRange();
  const channel = values.channel as ReportArgs['channel'] | undefined;
  const department = Number(values.department);
  return {
    start_date: values.start && DAY.test(values.start) ? values.start : fallback.start,
    end_date: values.end && DAY.test(values.end) ? values.end : fallback.end,
    channel: channel && CHANNELS.includes(channel) ? channel : 'all',
    department_id: department > 0 ? department : undefined,
  };
}

export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState<Partial<Record<Key, string>>>(() => ({
    start: params.get('start') ?? undefined,
    end: params.get('end') ?? undefined,
    channel: params.get('channel') ?? undefined,
    department: params.get('department') ?? undefined,
  }));
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value) next.set(key, value);
    setParams(next, { replace: true });
  }, [values, setParams]);
  const filters = useMemo(() => filtersOf(values), [values]);
  const setFilter = (key: Key, value: string) => setValues((prev) => ({ ...prev, [key]: value }));
  return { filters, setFilter };
}
