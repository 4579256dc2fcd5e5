import 'swagger-ui-dist/swagger-ui.css';
import { mountSandbankDocs } from '@sandbank/service-worker/docs';

// Registers the Sandbank worker with auto-signing and renders the reference into #reference; the
// SCA popup comes back to this page, which hands the psu-id to Try it (docs/interactive-docs.md).
await mountSandbankDocs({ element: '#reference', identity: 'both' });
