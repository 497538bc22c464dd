// A TCP relay between the browser and Kamailio, on 127.0.0.1, that can make a connection die without a word: the
// relay closes its side towards the proxy (Kamailio drops the WebSocket and the registration's route with it) and
// keeps the browser's side open but silent, as a NAT or a proxy does to an idle socket while a tab is frozen. New
// connections are relayed as usual. It also counts the registrations Kamailio confirms (a `200` to a `REGISTER`,
// read from the proxy's unmasked WebSocket frames).
import net from 'node:net';

/**
 * @param {number} target The proxy's port on 127.0.0.1.
 * @param {{port?: number}} [options] The relay's own port (default: any free one).
 * @returns {Promise<{port: number, url: string, registered: () => number, silence: () => number,
 *   close: () => Promise<void>}>}
 */
export async function startRelay(target, {port = 0} = {}) {
  /** Live connections: the browser's socket, the proxy's socket, and whether the relay went silent. */
  const pairs = new Set();
  /** Every browser socket, also the silent ones: closed with the relay. */
  const clients = new Set();
  let registered = 0;
  const server = net.createServer(client => {
    const pair = {client, upstream: net.connect(target, '127.0.0.1'), silent: false, text: ''};
    pairs.add(pair);
    clients.add(client);
    client.on('data', data => {
      if (!pair.silent) {
        pair.upstream.write(data);
      }
    });
    pair.upstream.on('data', data => {
      if (pair.silent) {
        return;
      }
      client.write(data);
      // Responses of several messages may share a chunk, and one may span two: keep the tail and scan again.
      pair.text += data.toString('latin1');
      let scanned = 0;
      for (const match of pair.text.matchAll(/SIP\/2\.0 (\d{3})[^]*?CSeq:\s*\d+\s+([A-Z]+)/g)) {
        if (match[1] === '200' && match[2] === 'REGISTER') {
          registered++;
        }
        scanned = match.index + match[0].length;
      }
      pair.text = pair.text.slice(scanned);
    });
    const end = () => {
      if (!pair.silent) {
        client.destroy();
        pair.upstream.destroy();
      }
      pairs.delete(pair);
    };
    client.on('close', () => {
      clients.delete(client);
      pair.upstream.destroy();
      pairs.delete(pair);
    });
    client.on('error', () => {});
    pair.upstream.on('close', end);
    pair.upstream.on('error', () => {});
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = server.address().port;
  return {
    port: bound,
    url: `ws://127.0.0.1:${bound}`,
    /** How many registrations the proxy confirmed through the relay so far. */
    registered: () => registered,
    /**
     * Kills every live connection silently: the proxy's side is closed, the browser's side stays open and hears
     * nothing more. @returns How many connections went silent.
     */
    silence: () => {
      let count = 0;
      for (const pair of pairs) {
        if (!pair.silent) {
          pair.silent = true;
          pair.upstream.destroy();
          count++;
        }
      }
      return count;
    },
    close: async () => {
      for (const pair of pairs) {
        pair.upstream.destroy();
      }
      for (const client of clients) {
        client.destroy();
      }
      await new Promise(resolve => server.close(resolve));
    },
  };
}
