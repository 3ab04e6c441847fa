import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type UserRole = 'admin' | 'dealer' | 'delivery';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** stored lower-cased; unique */
  @Column({ type: 'text', unique: true })
  email!: string;

  @Column({ type: 'text', name: 'full_name' })
  fullName!: string;

  @Column({ type: 'text' })
  role!: UserRole;

  /** argon2id PHC string */
  @Column({ type: 'text', name: 'password_hash' })
  passwordHash!: string;

  /** the dealer record of a dealer login */
  @Column({ type: 'text', name: 'dealer_id', nullable: true })
  dealerId!: string | null;

  @Column({ type: 'boolean', name: 'is_active', default: true })
  isActive!: boolean;

  @Column({ type: 'timestamptz', name: 'last_login', nullable: true })
  lastLogin!: Date | null;

  @Column({ type: 'text', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
