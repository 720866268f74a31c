import { createHmac, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { asc, desc, lte } from "drizzle-orm";
import { calculateJwkThumbprint, CompactSign, compactVerify, exportJWK, type JWK } from "jose";
import type { Config } from "../../../lib/config.js";
import type { Db } from "../../../lib/db.js";
import { badRequest } from "../../../lib/errors.js";
import { aiAuditLog } from "../db/tables.js";
import { auditHeadHash, auditHeads, GENESIS_HASH, inAuditSnapshot, verifyAuditChainIn, type StreamEnd } from "./audit.service.js";

/**
 * Signed checkpoints of the audit log: (sequence, hash over the streams' ends, time) signed with Ed25519 (JWS, EdDSA).
 * An auditor fetches one, keeps it outside the database, and later asks whether the chain still
 * holds that record with that hash. Deleting the newest records and rolling the head back (which
 * the head trigger refuses, but a database superuser can bypass) then shows: the checkpoint names a
 * record that is gone or has another hash. Ed25519 rather than an HMAC so the auditor can check the
 * signature without our secret, with the public key published beside each checkpoint.
 */

export interface AuditCheckpoint {
  seq: number;
  hash: string;
  issuedAt: string;
  keyId: string;
  publicKey: JWK;
  signature: string;
}

export interface CheckpointClaim {
  seq: number;
  hash: string;
  issuedAt: string;
  signature: string;
}

export interface CheckpointVerification {
  valid: boolean;
  signatureValid: boolean;
  /** The chain still holds record `seq` with the checkpoint's hash. */
  recordMatches: boolean;
  chainValid: boolean;
  headSeq: number;
  problem: string | null;
}

interface Signer {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
  keyId: string;
}

// DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

const signers = new WeakMap<Config, Promise<Signer>>();

/**
 * The signing key: AUDIT_SIGNING_KEY (a PKCS#8 PEM Ed25519 key) when set; otherwise one derived
 * from INTERNAL_SECRET, so a deployment without the setting still signs with a stable key.
 */
function signerFor(config: Config): Promise<Signer> {
  let signer = signers.get(config);
  if (!signer) {
    signer = (async () => {
      const privateKey = config.AUDIT_SIGNING_KEY
        ? createPrivateKey(config.AUDIT_SIGNING_KEY)
        : createPrivateKey({
            key: Buffer.concat([ED25519_PKCS8_PREFIX, createHmac("sha256", config.internalSecret).update("clinical-audit-checkpoint").digest()]),
            format: "der",
            type: "pkcs8",
          });
      const publicKey = createPublicKey(privateKey);
      const publicJwk = await exportJWK(publicKey);
      const keyId = await calculateJwkThumbprint(publicJwk);
      return { privateKey, publicKey, publicJwk: { ...publicJwk, kid: keyId, alg: "EdDSA", use: "sig" }, keyId };
    })();
    signers.set(config, signer);
  }
  return signer;
}

/** What the signature covers, byte for byte. */
function signedPayload(c: { seq: number; hash: string; issuedAt: string }): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ seq: c.seq, hash: c.hash, issued_at: c.issuedAt }));
}

/**
 * Signs the head of the log: `seq` of its newest record and auditHeadHash over every stream's end.
 * The stream heads are read FOR SHARE, so appends in flight commit first and none starts until the
 * heads are read: every record with a `seq` up to the signed one is already in (a checkpoint is rare;
 * it holds appends only for that read).
 */
export async function issueCheckpoint(db: Db, config: Config): Promise<AuditCheckpoint> {
  const signer = await signerFor(config);
  const ends = await db.transaction((tx) => auditHeads(tx as unknown as Db, "share"));
  const point = { seq: Math.max(0, ...ends.map((e) => e.seq)), hash: auditHeadHash(ends), issuedAt: new Date().toISOString() };
  const signature = await new CompactSign(signedPayload(point)).setProtectedHeader({ alg: "EdDSA", kid: signer.keyId }).sign(signer.privateKey);
  return { ...point, keyId: signer.keyId, publicKey: signer.publicJwk, signature };
}

async function signatureIsOurs(claim: CheckpointClaim, signer: Signer): Promise<boolean> {
  try {
    const { payload } = await compactVerify(claim.signature, signer.publicKey, { algorithms: ["EdDSA"] });
    return Buffer.from(payload).equals(Buffer.from(signedPayload(claim)));
  } catch {
    return false;
  }
}

/** Each stream's end as it was when record `seq` was the newest: its last record with `seq` up to that. */
async function endsAt(db: Db, seq: number): Promise<StreamEnd[]> {
  const rows = await db
    .selectDistinctOn([aiAuditLog.stream], { stream: aiAuditLog.stream, streamSeq: aiAuditLog.streamSeq, seq: aiAuditLog.seq, hash: aiAuditLog.hash })
    .from(aiAuditLog)
    .where(lte(aiAuditLog.seq, seq))
    .orderBy(asc(aiAuditLog.stream), desc(aiAuditLog.seq));
  return rows.map((r) => ({ stream: r.stream, position: r.stream === 0 ? r.seq : r.streamSeq ?? 0, seq: r.seq, hash: r.hash }));
}

/**
 * Checks a stored checkpoint against the log, in one snapshot: the signature is ours and covers these
 * values, the record it names still exists and the streams' ends up to it still hash to the
 * checkpoint's hash, no head has gone behind it, and every stream recomputes from its genesis.
 */
export async function verifyCheckpoint(db: Db, config: Config, claim: CheckpointClaim): Promise<CheckpointVerification> {
  if (!Number.isInteger(claim.seq) || claim.seq < 0) throw badRequest("Invalid checkpoint", { seq: ["must be an integer of at least 0"] });
  const signer = await signerFor(config);
  const signatureValid = await signatureIsOurs(claim, signer);
  const { heads, chain, ends } = await inAuditSnapshot(db, async (tx) => ({
    heads: await auditHeads(tx),
    chain: await verifyAuditChainIn(tx),
    ends: claim.seq === 0 ? [] : await endsAt(tx, claim.seq),
  }));
  const headSeq = Math.max(0, ...heads.map((h) => h.seq));

  let recordMatches: boolean;
  let problem: string | null = null;
  if (claim.seq === 0) {
    recordMatches = claim.hash === GENESIS_HASH;
    if (!recordMatches) problem = "a checkpoint at sequence 0 must carry the genesis hash";
  } else {
    const present = ends.some((e) => e.seq === claim.seq);
    recordMatches = present && auditHeadHash(ends) === claim.hash;
    if (!present) problem = `record ${claim.seq} named by the checkpoint is missing, so the log up to it no longer has the checkpoint's hash (records removed from the end, or the tail rewritten, after the checkpoint?)`;
    else if (!recordMatches) problem = `the records up to ${claim.seq} no longer have the checkpoint's hash (the chain was rewritten after the checkpoint)`;
  }
  if (!problem && headSeq < claim.seq) problem = `the chain head (${headSeq}) is behind the checkpoint (${claim.seq}): rolled back`;
  if (!problem && !chain.valid) problem = chain.problem;
  if (!signatureValid) problem = "the signature is not ours or does not cover these values";
  return { valid: signatureValid && recordMatches && headSeq >= claim.seq && chain.valid, signatureValid, recordMatches, chainValid: chain.valid, headSeq, problem };
}
