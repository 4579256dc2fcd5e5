// A fresh process's first answer from MSW 2's `setupServer` with one static JSON handler: msw and
// msw/node imported, the server listening, one GET. Prints its marks as JSON (bench/fresh-process.ts).
const start = performance.now();
const { HttpResponse, http } = await import('msw');
const { setupServer } = await import('msw/node');
const imported = performance.now();
const customers = [{ customerNumber: '13039319955' }, {}, {}, {}];
const server = setupServer(
  http.get('http://localhost/v1/sandbox/customers', () => HttpResponse.json(customers)),
);
server.listen({ onUnhandledRequest: 'error' });
const response = await fetch('http://localhost/v1/sandbox/customers');
const body = await response.json();
const answered = performance.now();
server.close();
if (response.status !== 200 || body.length !== 4) throw new Error(`unexpected answer ${response.status}`);
console.log(JSON.stringify({ start, imported, answered }));
