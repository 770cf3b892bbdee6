/** MariaDB and MySQL differ in how a statement's time limit is written. */
export type ServerFlavour = 'mariadb' | 'mysql';
