import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelByLink,
  getLinkedBooking,
  getReminderSettings,
  setReminderSettings,
  type MemberReminderSettings,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';

/** Under the `['member', ...]` prefix, so logout() drops it with the rest of the member's data. */
const reminderSettingsKey = [...memberKeys.all, 'reminder-settings'] as const;

/** The signed-in member's reminder channels (ADR 050). */
export function useReminderSettings() {
  return useQuery({
    queryKey: reminderSettingsKey,
    queryFn: ({ signal }) => callEndpoint(getReminderSettings, {}, { signal }),
    select: (answer) => answer.settings,
    staleTime: 30_000,
  });
}

export function useSetReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<MemberReminderSettings>) =>
      callEndpoint(setReminderSettings, change),
    onSuccess: (answer) => queryClient.setQueryData(reminderSettingsKey, answer),
  });
}

/** The booking of a reminder's one-tap link (no sign-in: the signed link is the permission). */
export function useLinkedBooking(token: string) {
  return useQuery({
    queryKey: ['reminder-link', token],
    queryFn: ({ signal }) => callEndpoint(getLinkedBooking, { token }, { signal }),
    retry: false,
  });
}

export function useCancelByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(cancelByLink, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reminder-link', token] }),
  });
}
