import { Outlet } from 'react-router';

/** The full-window screens (the map, the POI editor): no top navigation, but their content and controls in a main landmark. */
export function FullWindowLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
