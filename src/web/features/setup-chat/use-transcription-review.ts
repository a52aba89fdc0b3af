import { useCallback, useRef, useState } from "react";

/** A model's reading of one photo, waiting for the teacher to confirm or correct it. */
export interface TranscriptionToReview {
  name: string;
  /** The photo itself (a data URL), shown beside the text. */
  imageUrl: string;
  text: string;
}

type Waiting = TranscriptionToReview & { settle: (text: string | undefined) => void };

/**
 * Photos read by a model are shown one at a time for the teacher to check. `review` resolves with the text the
 * teacher confirmed, or undefined when they discarded it; photos uploaded together wait their turn.
 */
export function useTranscriptionReview() {
  const [queue, setQueue] = useState<Waiting[]>([]);
  const queueRef = useRef(queue);
  queueRef.current = queue;

  const review = useCallback(
    (item: TranscriptionToReview) =>
      new Promise<string | undefined>((resolve) => {
        setQueue((current) => [...current, { ...item, settle: resolve }]);
      }),
    [],
  );

  const settle = useCallback((text: string | undefined) => {
    const [first] = queueRef.current;
    if (!first) return;
    setQueue((current) => current.slice(1));
    first.settle(text);
  }, []);

  return { current: queue[0] as TranscriptionToReview | undefined, review, settle };
}
