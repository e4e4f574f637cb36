import { useCallback, useState } from 'react';

export type UploadPhase = 'idle' | 'sending' | 'done' | 'failed';

/**
 * Upload progress as spec §4 shows it: the percentage of bytes sent, held at most 5 points below
 * 100 while the server still works; completion adds the last 5 points and says done.
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState(0);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const handleProgress = useCallback((sent: number) => {
    setPhase('sending');
    // lib/upload already scales the bytes sent to 0–95.
    setPercent(Math.min(95, sent));
  }, []);
  const start = useCallback(() => {
    setPhase('sending');
    setPercent(0);
  }, []);
  const finish = useCallback(() => {
    setPercent((p) => Math.min(100, Math.max(p, 95) + 5));
    setPhase('done');
  }, []);
  const fail = useCallback(() => setPhase('failed'), []);
  const reset = useCallback(() => {
    setPhase('idle');
    setPercent(0);
  }, []);
  return { percent, phase, start, handleProgress, finish, fail, reset };
}
