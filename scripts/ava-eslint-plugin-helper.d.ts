// AVA's helper for tools that need to know which files are its test files (it ships no type declarations for it).
declare module 'ava/eslint-plugin-helper' {
	type Classification = {readonly isTest: boolean; readonly isHelper: boolean};
	type Helper = {classifyFile(file: string): Classification; classifyImport(importPath: string): Classification};
	const helper: {load(projectDirectory: string, overrides?: {extensions?: string[]; files?: string[]; helpers?: string[]}): Helper};
	export default helper;
}
