import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchBlob } from '../../../lib/api-client';
import { navMessageKeys } from './get-nav-messages';

/** An image from the authenticated image route, as an object URL released when unused. */
export function useMessageImage(url: string) {
  const query = useQuery({ queryKey: navMessageKeys.image(url), queryFn: ({ signal }) => fetchBlob(url, signal), staleTime: Infinity });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  return { ...query, objectUrl };
}
