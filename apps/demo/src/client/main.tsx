import 'bootstrap/dist/css/bootstrap.min.css';
import './demo.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageState } from '../shared/page-state.js';
import { stateElementId } from '../shared/page-state.js';
import { App } from './App.js';

const stateElement = document.getElementById(stateElementId);
const root = document.getElementById('root');
if (stateElement?.textContent == null || root === null) {
  throw new Error(`The page lacks #${stateElementId} or #root: it must be served by the demo server.`);
}
const state = JSON.parse(stateElement.textContent) as PageState;

createRoot(root).render(
  <StrictMode>
    <App state={state} />
  </StrictMode>,
);
