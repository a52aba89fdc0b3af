import net from "node:net";

/** One message the fake server accepted: envelope and the raw DATA, quoted-printable soft breaks undone. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A small SMTP server on 127.0.0.1 standing in for a school's mail server (the one thing outside Markwise that mail
 * tests fake). While `refusing` it answers every MAIL FROM with 451, as a server that is down for maintenance or
 * rejects the sender does; otherwise it keeps each message in `received`. No TLS and no authentication.
 */
export interface FakeSmtpServer {
  /** For SMTP_URL. */
  url: string;
  refusing: boolean;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startFakeSmtpServer(options: { refusing?: boolean } = {}): Promise<FakeSmtpServer> {
  const state = { refusing: options.refusing ?? false, received: [] as ReceivedMail[] };
  const server = net.createServer((socket) => serveConnection(socket, state));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    received: state.received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Connections nodemailer keeps open would hold close() forever.
        (server as net.Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

function serveConnection(socket: net.Socket, state: { refusing: boolean; received: ReceivedMail[] }) {
  const reply = (line: string) => socket.write(`${line}\r\n`);
  let envelope: { from: string; to: string[] } | undefined;
  let dataLines: string[] | undefined;
  let buffered = "";
  socket.on("error", () => undefined);
  reply("220 fake-smtp ESMTP ready");
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (dataLines) {
        if (line !== ".") dataLines.push(line.startsWith("..") ? line.slice(1) : line);
        else {
          state.received.push({ from: envelope?.from ?? "", to: envelope?.to ?? [], data: decodeSoftBreaks(dataLines.join("\r\n")) });
          dataLines = undefined;
          envelope = undefined;
          reply("250 2.0.0 queued");
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO" || verb === "HELO") reply("250 fake-smtp");
      else if (verb === "MAIL") {
        if (state.refusing) reply("451 4.3.0 Mail server temporarily unavailable");
        else {
          envelope = { from: addressIn(line), to: [] };
          reply("250 2.1.0 OK");
        }
      } else if (verb === "RCPT" && envelope) {
        envelope.to.push(addressIn(line));
        reply("250 2.1.5 OK");
      } else if (verb === "DATA" && envelope) {
        dataLines = [];
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "RSET" || verb === "NOOP") {
        envelope = undefined;
        reply("250 OK");
      } else if (verb === "QUIT") {
        reply("221 Bye");
        socket.end();
      } else reply("503 5.5.1 Bad sequence of commands");
    }
  });
}

const addressIn = (line: string) => line.match(/<([^>]*)>/)?.[1] ?? "";

/** Quoted-printable bodies wrap long lines (a confirmation link) with "=" at the end and encode "=" as "=3D". */
const decodeSoftBreaks = (text: string) => text.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
