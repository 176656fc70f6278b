/*
esbuild's CommonJS output wraps each import of a CommonJS module (React, Node's own modules in node_modules) in a new object that copies every export of the module as a getter (its `__toESM` helper), once for each file that imports it: at the explorer's start about 90 such copies (React's exports for each of Ink's components, Node's process, fs and tty modules for Ink and chalk), about 10 ms of CPU. The copies are alike (getters that read the module's current exports), so one per module and kind serves every importer: `sharedEsmWrappers` rewrites the helper of a minified build to keep the wrapper it made for each module (a WeakMap per kind: with `default` as the module itself, or as the module's `default`) and return it again.
*/

// The helper as esbuild (0.2x) writes it with minified whitespace: `var NAME=(mod,isNodeMode,target)=>(target=mod!=null?create(getProto(mod)):{},copyProps(isNodeMode||!mod||!mod.__esModule?defineProperty(target,"default",{value:mod,enumerable:!0}):target,mod))`.
const helper = /var ([\w$]+)=\(([\w$]+),([\w$]+),([\w$]+)\)=>\(\4=\2!=null\?([\w$]+)\(([\w$]+)\(\2\)\):\{\},([\w$]+)\(\3\|\|!\2\|\|!\2\.__esModule\?([\w$]+)\(\4,"default",\{value:\2,enumerable:!0\}\):\4,\2\)\)/;

/**
The minified build `text` with its `__toESM` helper sharing one wrapper per module and kind. Throws when the helper is not found once, exactly (a newer esbuild writes it otherwise): the build then fails rather than silently keeping the copies.
*/
export function sharedEsmWrappers(text: string): string {
	const found = helper.exec(text);
	if (!found || text.slice(found.index + found[0].length).search(helper) !== -1) {
		throw new Error('sharedEsmWrappers: esbuild\'s __toESM helper was not found once in the build');
	}

	const [whole, name, module, nodeMode, target, create, prototypeOf, copyProperties, defineProperty] = found as unknown as string[];
	const original = `(${module},${nodeMode},${target})=>(${target}=${module}!=null?${create}(${prototypeOf}(${module})):{},${copyProperties}(${nodeMode}||!${module}||!${module}.__esModule?${defineProperty}(${target},"default",{value:${module},enumerable:!0}):${target},${module}))`;
	// The original is an argument, evaluated where it was; the names of the new function's own scope shadow nothing it reads.
	const shared = `var ${name}=((o,c)=>(m,k)=>{if(m==null||typeof m!="object"&&typeof m!="function")return o(m,k);let w=c[k||!m.__esModule?1:0],v=w.get(m);return v===void 0&&(v=o(m,k),w.set(m,v)),v})(${original},[new WeakMap,new WeakMap])`;
	return text.slice(0, found.index) + shared + text.slice(found.index + whole!.length);
}
