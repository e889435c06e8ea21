/**
 * Spec §2 "Dialogs": every dialog is registered, shown, hidden and removed after closing.
 * The registry makes that lifecycle observable (tests, analytics, the scroll lock).
 */
export type DialogPhase = 'registered' | 'shown' | 'hidden' | 'removed';

export interface DialogRecord {
  readonly id: number;
  readonly phase: DialogPhase;
}

type Listener = (record: DialogRecord) => void;

const phases = new Map<number, DialogPhase>();
const listeners = new Set<Listener>();
let nextId = 1;

function emit(record: DialogRecord): void {
  for (const listener of listeners) listener(record);
}

export function registerDialog(): number {
  const id = nextId;
  nextId += 1;
  phases.set(id, 'registered');
  emit({ id, phase: 'registered' });
  return id;
}

export function setDialogPhase(id: number, phase: Exclude<DialogPhase, 'registered'>): void {
  if (!phases.has(id)) return;
  if (phase === 'removed') phases.delete(id);
  else phases.set(id, phase);
  emit({ id, phase });
}

/** Dialogs not yet removed, oldest first. */
export function listDialogs(): DialogRecord[] {
  return Array.from(phases, ([id, phase]) => ({ id, phase }));
}

export function onDialogPhase(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
