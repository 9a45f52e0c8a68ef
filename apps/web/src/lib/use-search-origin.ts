import { useCallback, useEffect, useState } from 'react';
import { useCoordinateStore } from './stores/coordinate.store';
/** Where distances are measured from. */
export interface SearchOrigin {
  lat: number;
  lng: number;
}

export type OriginState = 'default' | 'mine' | 'denied' | 'locating';

/**
 * Where the Find list and the home's nearby sections measure distances from. The browser's location is used when permission
 * is already granted; otherwise we ask only when the user taps "use my location". Without it,
 * the API's default city centre applies (we send no coordinates).
 */
export function useSearchOrigin() {
  const lat = useCoordinateStore((s) => s.lat);
  const lng = useCoordinateStore((s) => s.lng);
  const setLocation = useCoordinateStore((s) => s.setLocation);
  const [state, setState] = useState<OriginState>(lat !== null ? 'mine' : 'default');

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState('denied');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocation({ locationName: '', lat: pos.coords.latitude, lng: pos.coords.longitude });
        setState('mine');
      },
      () => setState('denied'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }, [setLocation]);

  useEffect(() => {
    if (lat !== null || !navigator.permissions?.query) return;
    let isCancelled = false;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (!isCancelled && status.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      isCancelled = true;
    };
  }, [lat, locate]);

  const origin: SearchOrigin | null = lat !== null && lng !== null ? { lat, lng } : null;
  return { origin, state: origin ? 'mine' : state, locate } as const;
}
