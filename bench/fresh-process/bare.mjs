// The floor: a fresh Node process that imports nothing and reads one `Response` it made itself.
const start = performance.now();
const response = new Response('[{},{},{},{}]', { headers: { 'content-type': 'application/json' } });
const body = await response.json();
const answered = performance.now();
if (body.length !== 4) throw new Error('unexpected answer');
console.log(JSON.stringify({ start, answered }));
