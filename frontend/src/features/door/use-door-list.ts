import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/base-api';
import type { DoorRoster } from '../../api/types';
import { useLazyGetDoorRosterQuery, useSyncDoorScansMutation } from './door-api';
import { withResults, withScans } from './door-list';
import { type DoorScanRecord, forgetRoster, loadRoster, saveRoster, saveScans, scansOf } from './door-list-store';

/** The most scans one sync sends (the server's limit). */
const SCANS_PER_SYNC = 300;
/** How long a door waits to send again after the network failed it, when no "online" event comes first. */
const RETRY_MS = 15_000;
/** How often a door with the network reads the list again, to learn of the other doors' admissions. */
const REFRESH_MS = 60_000;
const DOOR_NAME_KEY = 'festival.door-name';

/** Where sending stands: `signed-out` keeps the scans until the admin signs in again. */
type SyncState = 'idle' | 'sending' | 'failed' | 'signed-out';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The event's list of tickets kept on this phone, and the scans recorded against it: read from
 * the phone's database at start, judged here without the network, and sent to the server as soon
 * as it can be reached (at once, when the network returns, and every quarter minute after a
 * failure). The server's answers and a fresh list settle what another door did meanwhile.
 */
export function useDoorList() {
  const [roster, setRoster] = useState<DoorRoster | null>();
  const [scans, setScans] = useState<DoorScanRecord[]>([]);
  const [syncState, setSyncState] = useState<SyncState>('idle');
  const [doorName, setDoorNameState] = useState(() => localStorage.getItem(DOOR_NAME_KEY) ?? 'Door 1');
  const online = useOnline();
  const [downloadRoster] = useLazyGetDoorRosterQuery();
  const [sendScans] = useSyncDoorScansMutation();
  const sending = useRef(false);
  const scansRef = useRef(scans);
  scansRef.current = scans;

  useEffect(() => {
    void (async () => {
      const kept = await loadRoster();
      setScans(kept ? await scansOf(kept.event._id) : []);
      setRoster(kept ?? null);
    })();
  }, []);

  /** Reads the event's list afresh (throws when it cannot). */
  const refresh = useCallback(
    async (eventId: string) => {
      const fresh = await downloadRoster(eventId).unwrap();
      await saveRoster(fresh);
      setRoster(fresh);
      return fresh;
    },
    [downloadRoster],
  );

  const sync = useCallback(async () => {
    const waiting = scansRef.current.filter((scan) => !scan.result);
    if (sending.current || waiting.length === 0 || !navigator.onLine) return;
    sending.current = true;
    setSyncState('sending');
    try {
      for (let start = 0; start < waiting.length; start += SCANS_PER_SYNC) {
        const batch = waiting.slice(start, start + SCANS_PER_SYNC);
        const results = await sendScans({
          eventId: batch[0].eventId,
          door: batch[0].door,
          scans: batch.map(({ id, code, holderIds, scannedAt }) => ({ id, code, holderIds, scannedAt })),
        }).unwrap();
        const answered = batch.map((scan) => ({ ...scan, result: results.find((result) => result.id === scan.id) }));
        await saveScans(answered);
        setScans((all) => all.map((scan) => answered.find((each) => each.id === scan.id) ?? scan));
        setRoster((kept) => kept && withResults(kept, answered));
      }
      setSyncState('idle');
    } catch (error) {
      const status = isApiError(error) ? error.status : null;
      setSyncState(status === 401 || status === 403 ? 'signed-out' : 'failed');
    } finally {
      sending.current = false;
    }
  }, [sendScans]);

  const waitingCount = scans.filter((scan) => !scan.result).length;
  // Sends whenever there is something to send and a way to send it; after a failure, again later.
  useEffect(() => {
    if (!online || waitingCount === 0 || syncState === 'signed-out') return;
    if (syncState !== 'failed') {
      void sync();
      return;
    }
    const timer = setTimeout(() => void sync(), RETRY_MS);
    return () => clearTimeout(timer);
  }, [online, waitingCount, syncState, sync]);

  const eventId = roster?.event._id;
  // The other doors' admissions reach this one with the list, read again now and then while online.
  useEffect(() => {
    if (!online || !eventId) return;
    const timer = setInterval(() => void refresh(eventId).catch(() => undefined), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, eventId, refresh]);

  return {
    /** The list with this door's unsent scans applied; `undefined` while the phone's database is read, `null` when no list is kept. */
    roster: useMemo(() => roster && withScans(roster, scans), [roster, scans]),
    scans,
    online,
    syncState,
    waitingCount,
    doorName,
    setDoorName: (name: string) => {
      localStorage.setItem(DOOR_NAME_KEY, name);
      setDoorNameState(name);
    },
    /** Downloads an event's list and keeps it on the phone (the page then keeps itself: `keepDoorOffline`). */
    keep: async (chosenEventId: string) => {
      const fresh = await refresh(chosenEventId);
      setScans(await scansOf(fresh.event._id));
    },
    refresh: () => (eventId ? refresh(eventId).then(() => undefined) : Promise.resolve()),
    /** Stops using the list: scans not yet sent stay on the phone until they are. */
    forget: async () => {
      if (!eventId) return;
      await forgetRoster(eventId);
      setRoster(null);
      setScans([]);
    },
    /** Records a scan; it is sent at once when the network allows. */
    record: async (scan: Omit<DoorScanRecord, 'id' | 'scannedAt' | 'door' | 'eventId'>) => {
      if (!eventId) return;
      const recorded: DoorScanRecord = { ...scan, id: crypto.randomUUID(), eventId, scannedAt: new Date().toISOString(), door: doorName };
      await saveScans([recorded]);
      setScans((all) => [...all, recorded]);
    },
  };
}

export type DoorList = ReturnType<typeof useDoorList>;
