import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DoorRoster, DoorScanResult } from '../../api/types';

/** A scan the door recorded against its list: sent to the server when the network lets it. */
export interface DoorScanRecord {
  /** Made when scanned: the server knows a scan sent twice by it. */
  id: string;
  eventId: string;
  code: string;
  /** A team's members ticked at the door; left out for every holder. */
  holderIds?: string[];
  scannedAt: string;
  door: string;
  /** What the door showed for it: `admitted` when its list let someone in. */
  shown: 'admitted' | 'refused';
  /** The server's answer, once it has the scan. */
  result?: Pick<DoorScanResult, 'outcome' | 'holders'>;
}

interface DoorListSchema extends DBSchema {
  /** The one list this phone keeps for the door, under the key `current`. */
  rosters: { key: string; value: DoorRoster };
  scans: { key: string; value: DoorScanRecord; indexes: { byEvent: string } };
}

const CURRENT = 'current';
let opening: Promise<IDBPDatabase<DoorListSchema>> | undefined;

/** The phone's database for the door: kept by the browser across reloads and without the network. */
function database(): Promise<IDBPDatabase<DoorListSchema>> {
  opening ??= openDB<DoorListSchema>('festival-door', 1, {
    upgrade(db) {
      db.createObjectStore('rosters');
      db.createObjectStore('scans', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
    },
  });
  return opening;
}

export async function loadRoster(): Promise<DoorRoster | undefined> {
  return (await database()).get('rosters', CURRENT);
}

export async function saveRoster(roster: DoorRoster): Promise<void> {
  await (await database()).put('rosters', roster, CURRENT);
}

/** Forgets the list and every scan of its event that the server has (one not sent yet is kept). */
export async function forgetRoster(eventId: string): Promise<void> {
  const db = await database();
  const sent = (await scansOf(eventId)).filter((scan) => scan.result);
  const tx = db.transaction(['rosters', 'scans'], 'readwrite');
  await Promise.all([tx.objectStore('rosters').delete(CURRENT), ...sent.map((scan) => tx.objectStore('scans').delete(scan.id)), tx.done]);
}

export async function scansOf(eventId: string): Promise<DoorScanRecord[]> {
  const scans = await (await database()).getAllFromIndex('scans', 'byEvent', eventId);
  return scans.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function saveScans(scans: readonly DoorScanRecord[]): Promise<void> {
  const tx = (await database()).transaction('scans', 'readwrite');
  await Promise.all([...scans.map((scan) => tx.store.put(scan)), tx.done]);
}
