"use client";

import { useEffect, useRef } from "react";
import { entriesApi } from "@/lib/payroll/entries/client/api";
import type { PresenceEvent } from "@/lib/payroll/entries/contract";
import type { EntryKind } from "@/lib/payroll/entries/kinds";
import type { PresenceStore, RemoteLines } from "./draft-sync";

/** After the stream was refused or closed for good (not a dropped connection, which EventSource retries itself). */
const REOPEN_MS = 3_000;
/** How often this page says again where it is: others forget those not heard from in PEER_TIMEOUT_MS. */
const ANNOUNCE_EVERY_MS = 20_000;
/** Moving through the grid announces the new line after this quiet time, not on every keystroke. */
const ANNOUNCE_QUIET_MS = 250;

/**
 * The draft's event stream (GET …/stream, server-sent events): lines others saved go to
 * `onLines` (keep it stable), others' presence to `presence`. A dropped connection is resumed by EventSource with
 * the last revision it saw (`Last-Event-ID`), so the server sends what was missed; a stream the
 * server refused is opened again after a pause, from that revision.
 */
export function useDraftStream(options: {
  companyId: number;
  kind: EntryKind;
  period: string;
  since: number;
  client: string;
  presence: PresenceStore;
  onLines: (lines: RemoteLines) => void;
}) {
  const { companyId, kind, period, since, client, presence, onLines } = options;

  useEffect(() => {
    let last = since;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      source = new EventSource(entriesApi.stream.href({ companyId, kind, period, since: last, client }));
      source.addEventListener("lines", (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as RemoteLines;
        last = Math.max(last, data.revision);
        onLines(data);
      });
      source.addEventListener("presence", (event) => {
        presence.heard(JSON.parse((event as MessageEvent<string>).data) as PresenceEvent);
      });
      source.addEventListener("error", () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        // Refused (signed out, period changed) or the server went away: others' places are unknown now.
        presence.clear();
        reopen = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    const expire = setInterval(() => presence.expire(), 5_000);
    return () => {
      stopped = true;
      source?.close();
      if (reopen) clearTimeout(reopen);
      clearInterval(expire);
      presence.clear();
    };
  }, [companyId, kind, period, since, client, presence, onLines]);
}

/**
 * Tells the others where this person is (the line id, or null): when it changes (after a short
 * quiet time), every 20 s, and when someone new appears (they have not heard it yet).
 */
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
  const announceRef = useRef<() => void>(() => {});

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const send = () => {
      timer = null;
      void entriesApi.announcePresence.result({ companyId, kind, period, client, line: lineRef.current });
    };
    const announce = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(send, ANNOUNCE_QUIET_MS);
    };
    announceRef.current = announce;
    let newcomers = presence.newcomers;
    const unsubscribe = presence.subscribe(() => {
      if (presence.newcomers === newcomers) return;
      newcomers = presence.newcomers;
      announce();
    });
    const every = setInterval(send, ANNOUNCE_EVERY_MS);
    return () => {
      unsubscribe();
      clearInterval(every);
      if (timer) clearTimeout(timer);
    };
  }, [companyId, kind, period, client, presence]);

  useEffect(() => {
    lineRef.current = line;
    announceRef.current();
  }, [line]);
}
