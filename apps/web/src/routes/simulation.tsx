import { SimulationScreen } from '../features/simulation/simulation-screen';

/** /simulation — the virtual hair colour try-on (spec sections 1 and 2). */
export default function SimulationRoute() {
  return <SimulationScreen />;
}
