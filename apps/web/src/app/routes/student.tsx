export default function Area() { return <p>student</p>; }
