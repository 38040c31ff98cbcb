// A site builder's React 19 app using the published package: the element renders natively, and
// `onvenue-events-buy` receives the cancelable buy event to open the app's own checkout.
import 'venue-events';
import type {} from 'venue-events/jsx';
import type { BuyDetail } from 'venue-events/jsx';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [checkout, setCheckout] = useState<string>('');
  const onBuy = (event: CustomEvent<BuyDetail>) => {
    event.preventDefault(); // our own checkout instead of following the link
    setCheckout(
      `${event.detail.event.attributes.title} → ${event.detail.url} (cancelable: ${event.cancelable})`,
    );
  };
  return (
    <main>
      <h1>What's on</h1>
      <output id="checkout">{checkout}</output>
      <venue-events venue="blue-room" heading-level={2} onvenue-events-buy={onBuy} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
