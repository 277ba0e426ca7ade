import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderName } from '../../platform/payments/index.js';

/** A payment as the simulated gateway knows it. */
export interface SandboxTransaction {
  provider: ProviderName;
  /** The gateway's reference: Monnify transactionReference, Nomba orderId, Remita RRR. */
  id: string;
  /** The merchant's reference: paymentReference, orderReference, orderId. */
  merchantRef: string;
  amountKobo: number;
  currency: string;
  customerName: string;
  customerEmail: string;
  description: string;
  returnUrl: string;
  /** PENDING until the checkout page is submitted, then the provider's own word. */
  status: string;
  amountPaidKobo: number | null;
  createdAt: string;
  paidAt: string | null;
  /** Nomba's transaction id once a payment was attempted. */
  transactionId: string | null;
}

/** A checkout the gateway has just opened: nothing paid and no payment attempted yet. */
export function newTransaction(
  opened: Omit<SandboxTransaction, 'amountPaidKobo' | 'createdAt' | 'paidAt' | 'transactionId'>,
): SandboxTransaction {
  return {
    ...opened,
    amountPaidKobo: null,
    createdAt: new Date().toISOString(),
    paidAt: null,
    transactionId: null,
  };
}

/** Not yet paid, failed or cancelled (Remita's generated RRR reads 025). */
export function isOpen(tx: SandboxTransaction): boolean {
  return tx.status === 'PENDING' || tx.status === 'NEW' || tx.status === '025';
}

/**
 * The sandbox's memory: a map kept in DATA_DIR/payment-sandbox.json so that a restart (tsx
 * watch restarts on every edit) does not forget the payments the portal is still waiting on.
 * It is a stand-in for an external system, so it stays out of the portal's database.
 */
export class SandboxStore {
  private readonly byKey = new Map<string, SandboxTransaction>();
  /** The same transactions by the merchant's reference (a checkout is looked up by it on every status query). */
  private readonly byMerchantRef = new Map<string, SandboxTransaction>();
  private writing: Promise<void> = Promise.resolve();
  /** A write queued behind the running one, not started yet: later changes join it. */
  private pending: Promise<void> | null = null;
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'payment-sandbox.json');
    if (existsSync(this.file)) {
      try {
        const rows = JSON.parse(readFileSync(this.file, 'utf8')) as SandboxTransaction[];
        for (const row of rows) this.index(row);
      } catch {
        // A damaged file only loses simulated payments.
      }
    }
  }

  private static key(provider: ProviderName, id: string): string {
    return `${provider}\u0000${id}`;
  }

  get(provider: ProviderName, id: string): SandboxTransaction | undefined {
    return this.byKey.get(SandboxStore.key(provider, id));
  }

  findByMerchantRef(provider: ProviderName, merchantRef: string): SandboxTransaction | undefined {
    return this.byMerchantRef.get(SandboxStore.key(provider, merchantRef));
  }

  private index(tx: SandboxTransaction): void {
    this.byKey.set(SandboxStore.key(tx.provider, tx.id), tx);
    this.byMerchantRef.set(SandboxStore.key(tx.provider, tx.merchantRef), tx);
  }

  async put(tx: SandboxTransaction): Promise<void> {
    this.index(tx);
    await this.save();
  }

  async update(tx: SandboxTransaction, changes: Partial<SandboxTransaction>): Promise<SandboxTransaction> {
    Object.assign(tx, changes);
    await this.save();
    return tx;
  }

  /**
   * Writes replace the file atomically, one at a time. Changes made while a write runs share the
   * one write queued behind it (which snapshots the map when it starts), so a burst of payments
   * costs a few whole-file writes rather than one each, and every caller still resolves only once
   * its change is on disk.
   */
  private save(): Promise<void> {
    if (this.pending) return this.pending;
    const pending = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.pending = null;
        const rows = [...this.byKey.values()].slice(-5000);
        const temp = `${this.file}.tmp`;
        await writeFile(temp, JSON.stringify(rows), { mode: 0o600 });
        await rename(temp, this.file);
      });
    this.pending = pending;
    this.writing = pending;
    return pending;
  }

  async flush(): Promise<void> {
    await this.writing.catch(() => undefined);
  }
}
