// In-process word that a geocontent's charts changed (the collection was written): the tile store
// forgets what it remembered of the geocontent at once, instead of after its short memo time.
// Other processes notice through the version read from the database (decision 0012).

type Listener = (gcId: number) => void;
const listeners = new Set<Listener>();

export function noteChartsChanged(gcId: number): void {
  for (const listener of listeners) listener(gcId);
}

/** Returns the function that stops listening. */
export function listenChartsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
