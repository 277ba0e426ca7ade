export default function Area() { return <p>app</p>; }
