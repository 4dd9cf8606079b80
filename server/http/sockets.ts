import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Every socket a server accepted and still has, upgraded ones (the feed's WebSockets) included, which
 * the HTTP server's own closeAllConnections does not reach. A replay's switch closes the broker and
 * listens again on its port: a socket that keeps the close waiting would keep the trader without a
 * broker (the clean-clone CI of 26248be saw "not answering" for 3 minutes after "Replay a day…").
 */
export function trackSockets(server: Server): { destroyAll(): number } {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    destroyAll: () => {
      const n = sockets.size;
      for (const s of sockets) s.destroy();
      return n;
    },
  };
}
