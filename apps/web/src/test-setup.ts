import { configure } from '@testing-library/react';

// findBy* and waitFor wait 1 s by default: a busy machine renders a screen in more (vite.config.ts).
configure({ asyncUtilTimeout: 10_000 });
