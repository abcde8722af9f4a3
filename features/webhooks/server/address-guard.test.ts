import { describe, expect, it } from "vitest";
import {
  BlockedAddressError,
  guardedLookup,
  isLocalName,
  isPublicAddress,
  resolvePublicAddresses,
} from "./address-guard";

describe("the webhook address guard", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "0:0:0:0:0:ffff:192.168.0.1",
    "[::ffff:169.254.169.254]",
    "64:ff9b::a00:1",
    "2002:a00:1::",
    "2001:db8::1",
    "fe80::1%eth0",
    "::127.0.0.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
  ])("lets %s through", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses local names without asking a resolver", () => {
    for (const name of ["localhost", "LOCALHOST.", "app.localhost", "printer.local", "db.internal", "intranet"])
      expect(isLocalName(name)).toBe(true);
    expect(isLocalName("hooks.example.com")).toBe(false);
  });

  it("refuses a name when any of its addresses is private", async () => {
    const resolve = async () => ["93.184.216.34", "10.0.0.5"];
    await expect(resolvePublicAddresses("hooks.example.com", resolve)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolvePublicAddresses("hooks.example.com", async () => ["93.184.216.34"])).resolves.toEqual([
      "93.184.216.34",
    ]);
    await expect(resolvePublicAddresses("[::1]")).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolvePublicAddresses("localhost")).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it("hands the socket only addresses it checked, each time it connects (no DNS rebinding)", async () => {
    // A resolver that answers public first and private second, as a rebinding attacker's does.
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const lookup = guardedLookup(async () => answers.shift()!);
    const first = await new Promise<unknown>((resolve, reject) =>
      lookup("rebind.example.com", { all: false }, (error, address) => (error ? reject(error) : resolve(address))),
    );
    expect(first).toBe("93.184.216.34");
    const second = new Promise<unknown>((resolve, reject) =>
      lookup("rebind.example.com", { all: false }, (error, address) => (error ? reject(error) : resolve(address))),
    );
    await expect(second).rejects.toBeInstanceOf(BlockedAddressError);
  });
});
