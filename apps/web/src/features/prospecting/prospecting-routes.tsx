import { Route, Routes } from 'react-router';
import { AutomationPage } from './automation-page';
import { ProspectingPage } from './prospecting-page';

/** /prospecting and its automation-template screen. */
export function ProspectingRoutes() {
  return (
    <Routes>
      <Route index element={<ProspectingPage />} />
      <Route path="automation" element={<AutomationPage />} />
      <Route path="*" element={<ProspectingPage />} />
    </Routes>
  );
}
