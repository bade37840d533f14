import { type Connection, type ConnectionContext, Server } from "partyserver";
import type { Env } from "../../worker/env";

/** One per account: the live room of the inbox. The realtime protocol is built by the inbox issue. */
export class AccountRoom extends Server<Env> {
  static override options = { hibernate: true };

  override onConnect(connection: Connection, _ctx: ConnectionContext) {
    connection.send(JSON.stringify({ event: "connected", data: { room: this.name } }));
  }
}
