"use client";

import { useEffect, useRef } from "react";
import type { DraftLinesEvent } from "@/features/payroll/entries/draft-answers";
import { followDraftStream } from "@/features/payroll/entries/client/draft-saver/draft-stream";
import type { PresenceStore } from "@/features/payroll/entries/client/draft-saver/presence";
import { PresenceAnnouncer } from "@/features/payroll/entries/client/draft-saver/presence-announcer";
import { announcePresence, draftStreamUrl } from "@/features/payroll/entries/client/draft-saver/requests";
import type { EntryKind } from "@/features/payroll/entries/kinds";

/**
 * The draft's event stream while the page is open (followDraftStream: lines others saved to
 * `onLines`, keep it stable; others' presence to `presence`; the month's new state to `onMonth`).
 */
export function useDraftStream(options: {
  companyId: number;
  kind: EntryKind;
  period: string;
  since: number;
  client: string;
  presence: PresenceStore;
  onLines: (lines: DraftLinesEvent) => void;
  /** The month's state changed: keep it stable. */
  onMonth?: (state: string) => void;
}) {
  const { companyId, kind, period, since, client, presence, onLines, onMonth } = options;
  useEffect(
    () =>
      followDraftStream({
        url: (from) => draftStreamUrl(companyId, kind, { period, since: from, client }),
        since,
        presence,
        onLines,
        onMonth,
      }),
    [companyId, kind, period, since, client, presence, onLines, onMonth],
  );
}

/** Tells the others where this person is (the line id, or null): PresenceAnnouncer while the page is open. */
export function useAnnouncePresence(options: {
  companyId: number;
  kind: EntryKind;
  period: string;
  client: string;
  presence: PresenceStore;
  line: string | null;
}) {
  const { companyId, kind, period, client, presence, line } = options;
  const lineRef = useRef<string | null>(null);
  const announcer = useRef<PresenceAnnouncer | null>(null);

  useEffect(() => {
    const made = new PresenceAnnouncer(
      presence,
      () => lineRef.current,
      (at) => announcePresence(companyId, kind, { period, client, line: at }),
    );
    announcer.current = made;
    return made.start();
  }, [companyId, kind, period, client, presence]);

  useEffect(() => {
    lineRef.current = line;
    announcer.current?.moved();
  }, [line]);
}
