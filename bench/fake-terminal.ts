import {EventEmitter} from 'node:events';
import process from 'node:process';

/*
The terminal the UI benchmarks render into (bench/measure-ui.tsx, bench/measure-ui-stepping.tsx): a 160x48 stdout whose writes are timestamped, and a stdin that delivers one key at a time as Ink reads it.
*/

export class FakeStdout extends EventEmitter {
	readonly isTTY = true;
	readonly columns = 160;
	readonly rows = 48;
	output = '';
	lastWriteAt = 0n;
	writes = 0;
	private readonly waiters: Array<() => void> = [];

	write = (text: string): boolean => {
		this.output += text;
		this.lastWriteAt = process.hrtime.bigint();
		this.writes++;
		for (const waiter of this.waiters.splice(0)) {
			waiter();
		}

		return true;
	};

	async nextWrite(timeoutMs: number): Promise<boolean> {
		return new Promise(resolve => {
			const timer = setTimeout(() => {
				resolve(false);
			}, timeoutMs);
			this.waiters.push(() => {
				clearTimeout(timer);
				resolve(true);
			});
		});
	}
}

export class FakeStdin extends EventEmitter {
	readonly isTTY = true;
	// eslint-disable-next-line @typescript-eslint/ban-types
	private data: string | null = null;
	setEncoding(): void {}
	setRawMode(): void {}
	resume(): void {}
	pause(): void {}
	ref(): void {}
	unref(): void {}
	// Ink reads until null (not undefined) on 'readable'.
	// eslint-disable-next-line @typescript-eslint/ban-types
	read = (): string | null => {
		const {data} = this;
		this.data = null;
		return data;
	};

	press(data: string): void {
		this.data = data;
		this.emit('readable');
		this.emit('data', data);
	}
}

export async function delay(ms: number): Promise<void> {
	return new Promise(resolve => {
		setTimeout(resolve, ms);
	});
}
