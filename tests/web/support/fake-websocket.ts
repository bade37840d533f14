/**
 * A WebSocket the tests drive by hand: the real socket code (partysocket + web/lib/socket.ts) runs
 * over it while the test plays the room's side of the wire (`open`, `push` a frame, `close` with the
 * room's code). Install it with `vi.stubGlobal("WebSocket", FakeWebSocket)`; `instances` lists every
 * socket made, in order.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  bufferedAmount = 0;
  extensions = "";
  protocol = "";
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000, reason = "") {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent("close", { code, reason }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  /** A frame from the room (an object is sent as JSON, a string as it is). */
  push(frame: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: typeof frame === "string" ? frame : JSON.stringify(frame) }));
  }
}
