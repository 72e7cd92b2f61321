import type { Quarry, UpdateQuarryBody } from '@tagscout/core/api';
import type { AutomationTemplate } from '@tagscout/core/quarries';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import {
  createQuarry,
  deleteQuarry,
  fetchAutomationTemplate,
  fetchCategories,
  fetchProspects,
  fetchQuarries,
  fetchUsage,
  runQuarry,
  saveAutomationTemplate,
  searchPlaces,
  updateQuarry,
} from './quarries-api';

export const quarryKeys = {
  all: ['quarries'] as const,
  list: ['quarries', 'list'] as const,
  places: (text: string) => ['quarries', 'places', text] as const,
  prospects: (quarryId: string, page: number, pageSize: number) =>
    ['quarries', 'prospects', quarryId, page, pageSize] as const,
  usage: ['quarries', 'usage'] as const,
  categories: ['quarries', 'categories'] as const,
  template: ['quarries', 'automation-template'] as const,
};

/** Typing pauses this long before a place search is sent. */
const PLACE_SEARCH_DEBOUNCE_MS = 400;

export function useQuarries() {
  return useQuery({ queryKey: quarryKeys.list, queryFn: ({ signal }) => fetchQuarries(signal) });
}

/** Place search as the admin types: debounced, and retried after a pause when the server says 429. */
export function usePlaceSearch(text: string) {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), PLACE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: quarryKeys.places(query),
    queryFn: ({ signal }) => searchPlaces(query, signal),
    enabled: query !== '',
    staleTime: 5 * 60_000,
    retry: (failures, error) => error instanceof ApiError && error.status === 429 && failures < 3,
    retryDelay: 1100,
  });
}

export function useProspects(quarryId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: quarryKeys.prospects(quarryId, page, pageSize),
    queryFn: ({ signal }) => fetchProspects(quarryId, { page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsage() {
  return useQuery({ queryKey: quarryKeys.usage, queryFn: ({ signal }) => fetchUsage(signal) });
}

export function useCategories() {
  return useQuery({
    queryKey: quarryKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: 10 * 60_000,
  });
}

/** Creates or updates a quarry; the list shows it at once. */
export function useSaveQuarry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      quarryId,
      body,
    }: {
      quarryId: string | null;
      body: UpdateQuarryBody & { place_ids: string[] };
    }) => (quarryId ? updateQuarry(quarryId, body) : createQuarry(body)),
    onSuccess: (quarry) => {
      queryClient.setQueryData<Quarry[]>(quarryKeys.list, (list) => upsert(list, quarry));
      return queryClient.invalidateQueries({ queryKey: quarryKeys.list });
    },
  });
}

/** The active switch (toggling it updates the quarry) and the hidden flag; shown at once. */
export function useSetFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      quarryId,
      change,
    }: {
      quarryId: string;
      change: { active?: boolean; hidden?: boolean };
    }) => updateQuarry(quarryId, change),
    onMutate: ({ quarryId, change }) => {
      queryClient.setQueryData<Quarry[]>(quarryKeys.list, (list) =>
        list?.map((quarry) => (quarry.quarry_id === quarryId ? { ...quarry, ...change } : quarry)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quarryKeys.list }),
  });
}

export function useDeleteQuarry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuarry,
    onSuccess: (_, quarryId) => {
      queryClient.setQueryData<Quarry[]>(quarryKeys.list, (list) =>
        list?.filter((q) => q.quarry_id !== quarryId),
      );
    },
  });
}

/** Run now: when it is done, the quarry, its prospects and the usage are fetched again. */
export function useRunQuarry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runQuarry,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'quarries' && RUN_CHANGES.has(String(query.queryKey[1])),
      }),
  });
}

/** What a run changes: the quarries' counters, the prospects and the usage. */
const RUN_CHANGES = new Set(['list', 'prospects', 'usage']);

export function useAutomationTemplate() {
  return useQuery({
    queryKey: quarryKeys.template,
    queryFn: ({ signal }) => fetchAutomationTemplate(signal),
  });
}

export function useSaveAutomationTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: AutomationTemplate) => saveAutomationTemplate(template),
    onSuccess: (saved) => queryClient.setQueryData(quarryKeys.template, saved),
  });
}

function upsert(list: Quarry[] | undefined, quarry: Quarry): Quarry[] {
  if (!list) return [quarry];
  const index = list.findIndex((q) => q.quarry_id === quarry.quarry_id);
  if (index === -1) return [quarry, ...list];
  return list.map((q, i) => (i === index ? quarry : q));
}
