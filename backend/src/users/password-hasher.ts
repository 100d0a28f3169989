import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id with OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

@Injectable()
export class PasswordHasher {
  /** Verified against when an e-mail is unknown, so both answers take the same time. */
  private readonly decoy = hash('decoy password that no account has', OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
